export { CompanySelect } from './components/CompanySelect';
export { TemplatePolicyModal } from './components/TemplatePolicyModal';
