import { useState } from 'react';
import { PasswordField } from '../../../components/ui/PasswordField';

export interface NewPasswordFieldsProps {
  idPrefix: string;
  passwordLabel: string;
  confirmLabel: string;
  password: string;
  confirmPassword: string;
  passwordError: string | undefined;
  confirmError: string | undefined;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
}

/**
 * A new password and its confirmation, as registration, the guest upgrade and
 * the reset form ask for it. One show/hide toggle reveals both fields.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const [visible, setVisible] = useState(false);
  return (
    <>
      <PasswordField
        id={`${props.idPrefix}password`}
        label={props.passwordLabel}
        autoComplete="new-password"
        value={props.password}
        onChange={(e) => props.onPasswordChange(e.currentTarget.value)}
        error={props.passwordError}
        visible={visible}
        onToggleVisible={() => setVisible((v) => !v)}
      />
      <PasswordField
        id={`${props.idPrefix}confirmPassword`}
        label={props.confirmLabel}
        autoComplete="new-password"
        value={props.confirmPassword}
        onChange={(e) => props.onConfirmChange(e.currentTarget.value)}
        error={props.confirmError}
        visible={visible}
      />
    </>
  );
}
