export { ProgressPage } from './components/ProgressPage';
// The team's manager view (features/team) shows the same figures for a team and a member.
export { LineChart } from './components/LineChart';
export { familyName, percent, techniqueName, useWeekLabel } from './lib/names';
export { weakestFamilies } from './lib/analysis';
export { RangeSwitch, TableScroll } from './components/ProgressPage';
export type { FamilyProgress, ProgressReport, Range, TechniqueProgress } from './api/progress';
