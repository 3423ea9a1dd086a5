export { TemplatePolicyModal } from './components/TemplatePolicyModal';
