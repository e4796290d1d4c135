import { type Ref } from 'react';
import { useT } from '../../lib/i18n';
import { TextField, type TextFieldProps } from './Field';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'trailing'> {
  visible: boolean;
  /** Show the show/hide button (omit it on a confirm field that follows another). */
  onToggleVisible?: () => void;
  ref?: Ref<HTMLInputElement>;
}

/** A password input with an optional show/hide toggle (aria-pressed, label follows the state). */
export function PasswordField({ visible, onToggleVisible, ref, ...props }: PasswordFieldProps) {
  const t = useT();
  return (
    <TextField
      {...props}
      ref={ref}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      trailing={
        onToggleVisible ? (
          <button
            type="button"
            className="field__toggle"
            aria-pressed={visible}
            aria-controls={props.id}
            onClick={onToggleVisible}
          >
            {visible ? t('login.hidePassword') : t('login.showPassword')}
          </button>
        ) : undefined
      }
    />
  );
}
