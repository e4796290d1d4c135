import type { ComponentType, SVGProps } from 'react';
import { ChartIcon } from '../../../components/ui/icons/pages';
import { DumbbellIcon, GraduationIcon, LightbulbIcon } from '../../../components/ui/icons/app';
import { useDocumentTitle } from '../../../lib/document-title';
import { useT, type MessageKey } from '../../../lib/i18n';
import './help.css';

const QUICK_START: readonly { title: MessageKey; text: MessageKey }[] = [
  { title: 'help.quick.1.title', text: 'help.quick.1.text' },
  { title: 'help.quick.2.title', text: 'help.quick.2.text' },
  { title: 'help.quick.3.title', text: 'help.quick.3.text' },
];

const FEATURES: readonly { title: MessageKey; text: MessageKey; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { title: 'help.feature.practice.title', text: 'help.feature.practice.text', icon: DumbbellIcon },
  { title: 'help.feature.exam.title', text: 'help.feature.exam.text', icon: GraduationIcon },
  { title: 'help.feature.tracking.title', text: 'help.feature.tracking.text', icon: ChartIcon },
  { title: 'help.feature.hints.title', text: 'help.feature.hints.text', icon: LightbulbIcon },
];

const LEVELS: readonly { range: MessageKey; name: MessageKey }[] = [
  { range: 'help.levels.beginner.range', name: 'help.levels.beginner' },
  { range: 'help.levels.advanced.range', name: 'help.levels.advanced' },
  { range: 'help.levels.expert.range', name: 'help.levels.expert' },
];

/** The XP table of DECISIONS.md 'Progress' (the server's progress.go has the same numbers). */
const XP_ROWS: readonly { activity: MessageKey; points: MessageKey }[] = [
  { activity: 'help.xp.message', points: 'help.xp.message.points' },
  { activity: 'help.xp.objection', points: 'help.xp.objection.points' },
  { activity: 'help.xp.won', points: 'help.xp.won.points' },
  { activity: 'help.xp.exam', points: 'help.xp.exam.points' },
  { activity: 'help.xp.daily', points: 'help.xp.daily.points' },
  { activity: 'help.xp.feedback', points: 'help.xp.feedback.points' },
];

const CATEGORIES: readonly { name: MessageKey; text: MessageKey }[] = [
  { name: 'help.eval.empathy', text: 'help.eval.empathy.text' },
  { name: 'help.eval.questions', text: 'help.eval.questions.text' },
  { name: 'help.eval.value', text: 'help.eval.value.text' },
  { name: 'help.eval.objections', text: 'help.eval.objections.text' },
  { name: 'help.eval.closing', text: 'help.eval.closing.text' },
  { name: 'help.eval.language', text: 'help.eval.language.text' },
];

const TECHNIQUES: readonly { name: MessageKey; text: MessageKey }[] = [
  { name: 'help.tech.acknowledge', text: 'help.tech.acknowledge.text' },
  { name: 'help.tech.question', text: 'help.tech.question.text' },
  { name: 'help.tech.benefit', text: 'help.tech.benefit.text' },
  { name: 'help.tech.evidence', text: 'help.tech.evidence.text' },
  { name: 'help.tech.nextStep', text: 'help.tech.nextStep.text' },
  { name: 'help.tech.formality', text: 'help.tech.formality.text' },
  { name: 'help.tech.tone', text: 'help.tech.tone.text' },
];

const TIPS: readonly MessageKey[] = [
  'help.tip.regular',
  'help.tip.goals',
  'help.tip.feedback',
  'help.tip.vary',
  'help.tip.breaks',
];

/** /help 'Hilfe & Anleitung' (open to everyone). */
export function HelpPage() {
  const t = useT();
  useDocumentTitle(t('page.help'));

  return (
    <div className="page help">
      <header className="help__header">
        <h1 className="page__title">{t('page.help')}</h1>
        <p className="page__lead">{t('help.lead')}</p>
      </header>

      <section className="help__section" aria-labelledby="help-quick">
        <h2 id="help-quick" className="help__title">
          {t('help.quick.title')}
        </h2>
        <ol className="help__steps">
          {QUICK_START.map((step) => (
            <li key={step.title} className="help__step">
              <h3 className="help__step-title">{t(step.title)}</h3>
              <p>{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="help__section" aria-labelledby="help-features">
        <h2 id="help-features" className="help__title">
          {t('help.features.title')}
        </h2>
        <ul className="help__cards">
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <li key={title} className="help__card">
              <Icon width={28} height={28} className="help__card-icon" />
              <h3 className="help__card-title">{t(title)}</h3>
              <p>{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="help__section" aria-labelledby="help-levels">
        <h2 id="help-levels" className="help__title">
          {t('help.levels.title')}
        </h2>
        <ul className="help__levels">
          {LEVELS.map((band) => (
            <li key={band.name} className="help__level">
              <span className="help__level-range">{t(band.range)}</span>
              <span className="help__level-name">{t(band.name)}</span>
            </li>
          ))}
        </ul>
        <p>{t('help.levels.text')}</p>
        <table className="help__table">
          <caption>{t('help.xp.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('help.xp.activity')}</th>
              <th scope="col">{t('help.xp.points')}</th>
            </tr>
          </thead>
          <tbody>
            {XP_ROWS.map((row) => (
              <tr key={row.activity}>
                <th scope="row">{t(row.activity)}</th>
                <td>{t(row.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="help__section" aria-labelledby="help-eval">
        <h2 id="help-eval" className="help__title">
          {t('help.eval.title')}
        </h2>
        <p>{t('help.eval.text')}</p>
        <dl className="help__terms">
          {CATEGORIES.map((c) => (
            <div key={c.name} className="help__term">
              <dt>{t(c.name)}</dt>
              <dd>{t(c.text)}</dd>
            </div>
          ))}
        </dl>
        <p>{t('help.tech.text')}</p>
        <dl className="help__terms">
          {TECHNIQUES.map((c) => (
            <div key={c.name} className="help__term">
              <dt>{t(c.name)}</dt>
              <dd>{t(c.text)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="help__section" aria-labelledby="help-tips">
        <h2 id="help-tips" className="help__title">
          {t('help.tips.title')}
        </h2>
        <ul className="help__tips">
          {TIPS.map((tip) => (
            <li key={tip}>{t(tip)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
