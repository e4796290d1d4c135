import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type ComponentType, type SVGProps } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { TextAreaField, TextField } from '../../../components/ui/Field';
import { FlagIcon, LightbulbIcon } from '../../../components/ui/icons/app';
import { MessageSquareIcon } from '../../../components/ui/icons/pages';
import { FEEDBACK_TYPES, type FeedbackType } from '../../../lib/feedback';
import { fieldErrorText, useZodForm } from '../../../lib/forms';
import { useT, type MessageKey } from '../../../lib/i18n';
import { feedbackQueryKey } from '../../../lib/realtime';
import { submitFeedback } from '../api/feedback';
import { sendErrorText } from '../lib/send-error';
import { feedbackSchema, type FeedbackForm as FeedbackFormValues, type Sender } from '../schemas';


const CATEGORIES: Record<
  FeedbackType,
  { label: MessageKey; text: MessageKey; icon: ComponentType<SVGProps<SVGSVGElement>> }
> = {
  general: { label: 'feedback.type.general', text: 'feedback.type.general.text', icon: MessageSquareIcon },
  bug: { label: 'feedback.type.bug', text: 'feedback.type.bug.text', icon: FlagIcon },
  feature: { label: 'feedback.type.feature', text: 'feedback.type.feature.text', icon: LightbulbIcon },
};

const INITIAL: FeedbackFormValues = { type: 'general', subject: '', message: '', email: '', name: '' };

type Result = { tone: 'success' | 'error'; text: string };

/**
 * The feedback form: category, subject, message (and, signed out, e-mail and
 * name). Success says 'Danke für dein Feedback!' and clears it; 'Zurücksetzen'
 * clears fields and messages.
 */
export function FeedbackForm({ sender }: { sender: Sender }) {
  const t = useT();
  const queryClient = useQueryClient();
  const schema = useMemo(() => feedbackSchema(sender), [sender]);
  const form = useZodForm(schema, INITIAL, 'feedback-');
  const [result, setResult] = useState<Result | null>(null);
  const send = useMutation({ mutationFn: submitFeedback });
  const idBase = useId();
  const headingId = `${idBase}-title`;

  const submit = form.handleSubmit(async (body) => {
    try {
      await send.mutateAsync(body);
      form.reset();
      setResult({ tone: 'success', text: t('feedback.success') });
      void queryClient.invalidateQueries({ queryKey: feedbackQueryKey });
    } catch (err) {
      form.applyServerErrors(err);
      setResult({ tone: 'error', text: sendErrorText(err, t) });
    }
  });

  const clear = () => {
    form.reset();
    setResult(null);
    send.reset();
  };

  const error = (name: keyof FeedbackFormValues) => fieldErrorText(t, form.errors[name]);
  const sending = send.isPending;

  return (
    <section className="panel feedback-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="feedback-card__title">
        {t('feedback.form')}
      </h2>
      <form
        className="stack"
        noValidate
        aria-labelledby={headingId}
        aria-busy={sending || undefined}
        onSubmit={(event) => {
          setResult(null);
          submit(event);
        }}
      >
        <fieldset className="feedback-types">
          <legend className="field__label">{t('feedback.category')}</legend>
          <div className="feedback-types__options">
            {FEEDBACK_TYPES.map((type) => {
              const { label, text, icon: Icon } = CATEGORIES[type];
              const checked = form.values.type === type;
              return (
                <label
                  key={type}
                  className={checked ? 'feedback-type feedback-type--selected' : 'feedback-type'}
                >
                  <input
                    type="radio"
                    className="feedback-type__input"
                    name="feedback-type"
                    value={type}
                    checked={checked}
                    aria-labelledby={`${idBase}-${type}-label`}
                    aria-describedby={`${idBase}-${type}-text`}
                    onChange={() => form.setValue('type', type)}
                  />
                  <Icon className="feedback-type__icon" />
                  <span id={`${idBase}-${type}-label`} className="feedback-type__label">
                    {t(label)}
                  </span>
                  <span id={`${idBase}-${type}-text`} className="feedback-type__text">
                    {t(text)}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        {sender === 'visitor' ? (
          <div className="feedback-form__row">
            <TextField
              id="feedback-email"
              label={t('feedback.email')}
              type="email"
              autoComplete="email"
              required
              hint={t('feedback.emailHint')}
              value={form.values.email}
              error={error('email')}
              onChange={(e) => form.setValue('email', e.currentTarget.value)}
            />
            <TextField
              id="feedback-name"
              label={t('feedback.name')}
              autoComplete="name"
              value={form.values.name}
              error={error('name')}
              onChange={(e) => form.setValue('name', e.currentTarget.value)}
            />
          </div>
        ) : null}
        {sender === 'guest' ? (
          <TextField
            id="feedback-email"
            label={t('feedback.emailOptional')}
            type="email"
            autoComplete="email"
            hint={t('feedback.emailHint')}
            value={form.values.email}
            error={error('email')}
            onChange={(e) => form.setValue('email', e.currentTarget.value)}
          />
        ) : null}

        <TextField
          id="feedback-subject"
          label={t('feedback.subject')}
          value={form.values.subject}
          error={error('subject')}
          onChange={(e) => form.setValue('subject', e.currentTarget.value)}
        />
        <TextAreaField
          id="feedback-message"
          label={t('feedback.message')}
          rows={6}
          required
          value={form.values.message}
          error={error('message')}
          onChange={(e) => form.setValue('message', e.currentTarget.value)}
        />

        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}

        <div className="feedback-form__actions">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
            {sending ? t('feedback.sending') : t('feedback.submit')}
          </button>
          <button type="button" className="button button--secondary" onClick={clear} disabled={sending}>
            {t('feedback.reset')}
          </button>
        </div>
      </form>
    </section>
  );
}
