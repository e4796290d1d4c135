export { CompliancePage } from './components/CompliancePage';
