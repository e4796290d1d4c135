export { Tutorial } from './components/Tutorial';
