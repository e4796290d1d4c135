export { ScenariosPage } from './components/ScenariosPage';
export { ScenarioEditor } from './components/ScenarioEditor';
