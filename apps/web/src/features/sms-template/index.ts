export { CompanyItem, CompanySelect } from './components/CompanySelect';
export { TemplatePolicyModal } from './components/TemplatePolicyModal';
