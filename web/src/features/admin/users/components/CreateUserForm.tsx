import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import { TextField } from '../../../../components/ui/Field';
import { ApiError } from '../../../../lib/api';
import { fieldErrorText, useZodForm } from '../../../../lib/forms';
import { errorMessage, useT } from '../../../../lib/i18n';
import { AdminSection, adminQueryKey } from '../../shared';
import { createUser } from '../api/users';
import { createUserSchema, type CreateUserForm as Values } from '../schemas';

const INITIAL: Values = { first_name: '', last_name: '', email: '' };
const ID_PREFIX = 'create-user-';

type Result = { tone: 'success' | 'error'; text: string };

/**
 * 'Benutzer anlegen': first name, last name, e-mail (all required). The server
 * creates the account without a password and mails an invitation.
 */
export function CreateUserForm() {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useZodForm(createUserSchema, INITIAL, ID_PREFIX);
  const [result, setResult] = useState<Result | null>(null);
  const create = useMutation({ mutationFn: createUser });

  const submit = form.handleSubmit(async (body) => {
    try {
      const user = await create.mutateAsync(body);
      form.reset();
      setResult({ tone: 'success', text: t('adminCore.users.create.done', { email: user.email || body.email }) });
      void queryClient.invalidateQueries({ queryKey: adminQueryKey() });
    } catch (err) {
      if (form.applyServerErrors(err) && err instanceof ApiError) {
        const first = Object.keys(err.fields)[0];
        if (first) document.getElementById(`${ID_PREFIX}${first}`)?.focus();
        return;
      }
      setResult({ tone: 'error', text: errorMessage(err, t) });
    }
  });

  const error = (name: keyof Values) => fieldErrorText(t, form.errors[name]);

  return (
    <AdminSection title={t('adminCore.users.create.title')} lead={t('adminCore.users.create.text')}>
      <form
        className="create-user"
        noValidate
        aria-label={t('adminCore.users.create.title')}
        onSubmit={(event) => {
          setResult(null);
          submit(event);
        }}
      >
        <div className="create-user__fields">
          <TextField
            id={`${ID_PREFIX}first_name`}
            label={t('adminCore.users.create.firstName')}
            autoComplete="off"
            required
            value={form.values.first_name}
            error={error('first_name')}
            onChange={(e) => form.setValue('first_name', e.currentTarget.value)}
          />
          <TextField
            id={`${ID_PREFIX}last_name`}
            label={t('adminCore.users.create.lastName')}
            autoComplete="off"
            required
            value={form.values.last_name}
            error={error('last_name')}
            onChange={(e) => form.setValue('last_name', e.currentTarget.value)}
          />
          <TextField
            id={`${ID_PREFIX}email`}
            label={t('adminCore.users.create.email')}
            type="email"
            autoComplete="off"
            required
            value={form.values.email}
            error={error('email')}
            onChange={(e) => form.setValue('email', e.currentTarget.value)}
          />
        </div>
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        <div>
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
            {create.isPending ? t('adminCore.users.create.sending') : t('adminCore.users.create.submit')}
          </button>
        </div>
      </form>
    </AdminSection>
  );
}
