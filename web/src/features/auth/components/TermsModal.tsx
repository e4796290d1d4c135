import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { CheckboxField } from '../../../components/ui/Field';
import { Dialog } from '../../../components/ui/Dialog';
import { useI18n } from '../../../lib/i18n';
import { useAcceptTerms } from '../api/terms';
import { TermsText } from './TermsText';

export interface TermsModalProps {
  userId: string;
  onAccepted: () => void;
  onSignOut: () => void;
}

/**
 * Asks a signed-in user to accept the current terms (version 2). It cannot be
 * dismissed; the way out is signing out.
 */
export function TermsModal({ userId, onAccepted, onSignOut }: TermsModalProps) {
  const { t } = useI18n();
  const [checked, setChecked] = useState(false);
  const accept = useAcceptTerms(userId);
  const introId = useId();

  return (
    <Dialog open title={t('terms.title')} dismissible={false} describedBy={introId} className="terms-modal">
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (!checked) return;
          accept.mutate(undefined, { onSuccess: onAccepted });
        }}
      >
        <p id={introId}>{t('terms.intro')}</p>
        {accept.isError ? <Alert tone="error">{t('terms.failed')}</Alert> : null}
        <CheckboxField
          id="terms-modal-accept"
          label={<TermsText />}
          checked={checked}
          onChange={(e) => setChecked(e.currentTarget.checked)}
        />
        <div className="dialog__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!checked || accept.isPending}
          >
            {accept.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
        <p className="terms-modal__decline">
          {t('terms.decline')}{' '}
          <button type="button" className="link-button" onClick={onSignOut}>
            {t('common.signOut')}
          </button>
        </p>
      </form>
    </Dialog>
  );
}
