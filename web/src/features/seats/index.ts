export { SeatsPage } from './components/SeatsPage';
