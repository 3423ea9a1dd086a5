/** IVR files and flows (voip/IvrFileList, voip/IvrFlowList): the screens load lazily by their pages. */

export { listIvrFlowsQuery } from './api/flows';
