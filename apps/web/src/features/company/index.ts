export {
  CompanyFields,
  type CompanyFieldValues,
  companyFieldValues,
  useCompanyFieldLabels,
} from './components/CompanyFields';
// Pages load lazily through the screen map: pages/CompanyListPage.
