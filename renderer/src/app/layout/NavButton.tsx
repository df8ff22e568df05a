import { AnchorButton, Alignment, Intent, Tag, type IconName } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Hint } from './Hint.tsx';
import { useLinkClickHandler, useMatch, useResolvedPath } from 'react-router-dom';

export interface NavButtonProps {
  to: string;
  icon: IconName;
  label: string;
  adminBadge?: boolean;
  /** Icon only (the 70 px rail); the label becomes a tooltip and the accessible name. */
  iconOnly?: boolean;
  /** Active only on this exact path (e.g. a "back to list" link), not on its sub-pages. */
  exact?: boolean;
  disabled?: boolean;
  disabledReason?: string;
  onNavigate?: () => void;
}

/** A real link (middle-click, copy address) drawn as a minimal Blueprint button, active on match. */
export function NavButton({
  to,
  icon,
  label,
  adminBadge,
  iconOnly,
  exact = false,
  disabled,
  disabledReason,
  onNavigate,
}: NavButtonProps) {
  const { t } = useTranslation();
  const resolved = useResolvedPath(to);
  const active = useMatch({ path: exact ? resolved.pathname : `${resolved.pathname}/*`, end: exact }) !== null;
  const follow = useLinkClickHandler<HTMLElement>(to);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    follow(event);
    onNavigate?.();
  };
  const badge = adminBadge ? (
    <Tag minimal intent={Intent.PRIMARY} className="console-admin-badge">
      {t('shell:sidebar.adminBadge')}
    </Tag>
  ) : undefined;
  const button = (
    <AnchorButton
      href={to}
      role="link"
      onClick={onClick}
      icon={icon}
      variant="minimal"
      active={active}
      disabled={disabled}
      fill
      alignText={iconOnly ? Alignment.CENTER : Alignment.START}
      aria-label={iconOnly ? label : undefined}
      aria-current={active ? 'page' : undefined}
      text={iconOnly ? undefined : label}
      endIcon={iconOnly ? undefined : badge}
      size={iconOnly ? 'large' : 'medium'}
    />
  );
  const tip = iconOnly
    ? adminBadge
      ? `${label} · ${t('shell:sidebar.adminBadge')}`
      : label
    : disabled
      ? disabledReason
      : undefined;
  return tip ? (
    <Hint content={tip} placement="right" fill>
      {button}
    </Hint>
  ) : (
    button
  );
}
