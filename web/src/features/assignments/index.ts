export { AssignmentsPage } from './components/AssignmentsPage';
