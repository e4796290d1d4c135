import { useDocumentTitle } from '../../../lib/document-title';
import { useT } from '../../../lib/i18n';
import { AssignmentList } from './AssignmentList';
import { CreateAssignmentForm } from './CreateAssignmentForm';
import './assignments.css';

/** /team/assignments: the team's owner and managers assign trainings and see who has done them. */
export function AssignmentsPage() {
  const t = useT();
  useDocumentTitle(t('assignments.title'));
  return (
    <div className="page assignments">
      <header className="assignments__header">
        <h1 className="page__title">{t('assignments.title')}</h1>
        <p className="page__lead">{t('assignments.lead')}</p>
      </header>
      <div className="assignments__grid">
        <CreateAssignmentForm />
        <AssignmentList />
      </div>
    </div>
  );
}
