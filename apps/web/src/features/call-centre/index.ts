/** The call centre's screens (issue 26): seats, seat groups, call result settings, call lists. */
export { CALL_CENTRE_PERMISSIONS } from './api/call-centre';
