export { HelpPage } from './components/HelpPage';
