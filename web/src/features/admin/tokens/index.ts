export { TokensPage } from './components/TokensPage';
