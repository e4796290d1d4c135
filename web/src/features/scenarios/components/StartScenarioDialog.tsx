import { useId, useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import type { ChatMode, Difficulty } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import type { ChatLocationState } from '../../chat/components/ChatPage';
import type { Persona } from '../api/scenarios';

/** What the chat needs of a scenario to start on it. */
export interface StartableScenario {
  id: string;
  title: string;
  persona: Pick<Persona, 'name' | 'role' | 'company'>;
  objectionCount: number;
}

const ALL: readonly Difficulty[] = [1, 2, 3];

/** The difficulties a scenario offers: 1 to its objection count, at most 3. */
export const difficultiesOf = (objectionCount: number): Difficulty[] => ALL.filter((d) => d <= Math.max(1, objectionCount));

/** 'Mit diesem Szenario starten': mode and difficulty, then the chat. */
export function StartScenarioDialog({ scenario, onClose }: { scenario: StartableScenario | null; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [mode, setMode] = useState<ChatMode>('Übung');
  const [difficulty, setDifficulty] = useState<Difficulty>(1);
  const modeId = useId();
  const difficultyId = useId();
  const offered = difficultiesOf(scenario?.objectionCount ?? 1);
  const chosen = offered.includes(difficulty) ? difficulty : (offered.at(-1) ?? 1);

  const go = () => {
    if (!scenario) return;
    const { name, role, company } = scenario.persona;
    // the chat shows them on its welcome panel; its first message sends scenarioId
    const state: ChatLocationState = {
      mode,
      ...(mode === 'Übung' ? { difficulty: chosen } : {}),
      scenario: { id: scenario.id, title: scenario.title, persona: { name, role, company }, objectionCount: scenario.objectionCount },
    };
    navigate('/chat', { state });
  };

  return (
    <Dialog open={scenario !== null} title={t('scenarios.startDialog.title')} onClose={onClose} className="scenario-start">
      {scenario ? (
        <form
          className="scenario-start__form"
          onSubmit={(event) => {
            event.preventDefault();
            go();
          }}
        >
          <p className="scenario-start__name">{scenario.title}</p>
          <fieldset className="scenario-start__group">
            <legend id={modeId}>{t('scenarios.startDialog.mode')}</legend>
            {(['Übung', 'Prüfung'] as const).map((m) => (
              <label key={m} className="scenario-start__option">
                <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                {t(m === 'Übung' ? 'nav.mode.practice' : 'nav.mode.exam')}
              </label>
            ))}
          </fieldset>
          {mode === 'Übung' ? (
            <fieldset className="scenario-start__group">
              <legend id={difficultyId}>{t('scenarios.startDialog.difficulty')}</legend>
              {offered.map((d) => (
                <label key={d} className="scenario-start__option">
                  <input type="radio" name="difficulty" value={d} checked={chosen === d} onChange={() => setDifficulty(d)} />
                  {t(`difficulty.${d}`)} ({t('scenarios.startDialog.difficultyText', { count: d })})
                </label>
              ))}
            </fieldset>
          ) : (
            <p className="scenario-start__note">{t('scenarios.startDialog.examText')}</p>
          )}
          <div className="scenario-start__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button button--primary">
              {t('scenarios.startDialog.go')}
            </button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
