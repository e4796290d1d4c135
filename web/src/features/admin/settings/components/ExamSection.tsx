import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TextField } from '../../../../components/ui/Field';
import { notify } from '../../../../components/ui/notices-store';
import { fieldErrorText, useZodForm } from '../../../../lib/forms';
import { errorMessage, useT } from '../../../../lib/i18n';
import { adminSettingsQueryKey, updateAdminSettings, type AdminSettings } from '../api/settings';
import { passMarkSchema } from '../schemas';

const ID_PREFIX = 'exam-';

/** 'Bestehensgrenze': the evaluation total an exam needs to count as passed. */
export function ExamSection({ passMark }: { passMark: number }) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useZodForm(passMarkSchema, { examPassMark: String(passMark) }, ID_PREFIX);
  const save = useMutation({
    mutationFn: updateAdminSettings,
    onSuccess: (settings: AdminSettings) => {
      queryClient.setQueryData(adminSettingsQueryKey, settings);
      notify({ tone: 'success', text: t('adminSettings.exam.saved', { percent: settings.examPassMark }) });
    },
    onError: (err) => {
      if (!form.applyServerErrors(err)) notify({ tone: 'error', text: errorMessage(err, t) });
    },
  });

  return (
    <form
      className="settings-exam"
      noValidate
      aria-label={t('adminSettings.exam.title')}
      onSubmit={form.handleSubmit((data) => save.mutate(data))}
    >
      <TextField
        id={`${ID_PREFIX}examPassMark`}
        label={t('adminSettings.exam.label')}
        hint={t('adminSettings.exam.hint')}
        inputMode="numeric"
        autoComplete="off"
        value={form.values.examPassMark}
        onChange={(e) => form.setValue('examPassMark', e.currentTarget.value)}
        error={fieldErrorText(t, form.errors.examPassMark)}
      />
      <div>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? t('login.pleaseWait') : t('adminSettings.exam.save')}
        </button>
      </div>
    </form>
  );
}
