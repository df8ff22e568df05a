import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { canSubmit, type LoginMode, type LoginValues } from '../loginForm.ts';

export interface EmailAuthFormProps {
  mode: LoginMode;
  busy: boolean;
  /** Already translated error text, shown above the submit button. */
  errorText: string | null;
  onSubmit: (values: LoginValues) => void;
  onSwitchMode: () => void;
}

/** The email tab: sign-in (email, password) or sign-up (name, email, password) with the hint. */
export function EmailAuthForm({ mode, busy, errorText, onSubmit, onSwitchMode }: EmailAuthFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginValues>({ name: '', email: '', password: '' });
  const set = (field: keyof LoginValues) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit(mode, values, busy)) onSubmit(values);
  };
  const signUp = mode === 'signUp';

  return (
    <form onSubmit={submit} noValidate aria-label={t(signUp ? 'auth:login.signUpTitle' : 'auth:login.signInTitle')}>
      {signUp && (
        <FormGroup label={t('auth:login.name')} labelFor="login-name">
          <InputGroup
            id="login-name"
            name="name"
            autoComplete="name"
            leftIcon="person"
            placeholder={t('auth:login.namePlaceholder')}
            value={values.name}
            onChange={set('name')}
            disabled={busy}
            size="large"
          />
        </FormGroup>
      )}
      <FormGroup label={t('auth:login.email')} labelFor="login-email">
        <InputGroup
          id="login-email"
          name="email"
          type="email"
          autoComplete="email"
          leftIcon="envelope"
          placeholder={t('auth:login.emailPlaceholder')}
          value={values.email}
          onChange={set('email')}
          disabled={busy}
          size="large"
        />
      </FormGroup>
      <FormGroup
        label={t('auth:login.password')}
        labelFor="login-password"
        helperText={signUp ? t('auth:login.passwordHint') : undefined}
      >
        <InputGroup
          id="login-password"
          name="password"
          type="password"
          autoComplete={signUp ? 'new-password' : 'current-password'}
          leftIcon="lock"
          placeholder={t('auth:login.passwordPlaceholder')}
          value={values.password}
          onChange={set('password')}
          disabled={busy}
          size="large"
        />
      </FormGroup>
      {errorText && (
        <Callout intent={Intent.DANGER} icon="error" className="login-error" role="alert">
          {errorText}
        </Callout>
      )}
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        size="large"
        fill
        loading={busy}
        disabled={!canSubmit(mode, values, busy)}
        text={t(signUp ? 'auth:login.submitSignUp' : 'auth:login.submitSignIn')}
      />
      <Button
        variant="minimal"
        fill
        className="login-switch"
        onClick={onSwitchMode}
        disabled={busy}
        text={t(signUp ? 'auth:login.switchToSignIn' : 'auth:login.switchToSignUp')}
      />
    </form>
  );
}
