// What the team's manager view (features/team) shares with 'Mein Fortschritt': the charts,
// controls and names, without the progress page itself (which loads a part of the team
// feature lazily, so the team feature importing the page's index would be a cycle).
export { LineChart } from './components/LineChart';
export { RangeSwitch, TableScroll } from './components/Controls';
export { FamilyTable } from './components/FamilyTable';
export { familyName, percent, techniqueName, useWeekLabel } from './lib/names';
export { weakestFamilies } from './lib/analysis';
export type { FamilyProgress, ProgressReport, Range, TechniqueProgress } from './api/progress';
