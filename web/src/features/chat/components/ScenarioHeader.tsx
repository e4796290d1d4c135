import { useT } from '../../../lib/i18n';
import type { ChatScenario } from '../hooks/chat-state';
import './scenario-header.css';

/** The scenario a chat plays and its persona (name, role, company), under the chat's title. */
export function ScenarioHeader({ scenario }: { scenario: ChatScenario }) {
  const t = useT();
  const { name, role, company } = scenario.persona;
  return (
    <dl className="chat__scenario">
      <div>
        <dt>{t('chat.scenario.label')}</dt>
        <dd>{scenario.title}</dd>
      </div>
      <div>
        <dt>{t('chat.scenario.persona')}</dt>
        <dd>{[name, role, company].filter(Boolean).join(' · ')}</dd>
      </div>
    </dl>
  );
}
