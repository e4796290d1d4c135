import { useDocumentTitle } from '../../../lib/document-title';
import { useT } from '../../../lib/i18n';
import { AssignmentList } from './AssignmentList';
import { CreateAssignmentForm } from './CreateAssignmentForm';

/** /team/assignments: the team's owner and managers assign trainings and see who has done them. */
export function AssignmentsPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.teamTasks.title'));
  return (
    <div className="page assignments">
      <header className="assignments__header">
        <h1 className="page__title">{t('dashboard.teamTasks.title')}</h1>
        <p className="page__lead">{t('dashboard.teamTasks.lead')}</p>
      </header>
      <div className="assignments__grid">
        <CreateAssignmentForm />
        <AssignmentList />
      </div>
    </div>
  );
}
