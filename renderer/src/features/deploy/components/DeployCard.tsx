import { Card, Classes, H4, Icon, Intent, Tag, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface DeployCardProps {
  icon: IconName;
  title: string;
  description: string;
  /** A status tag at the top right (enabled, disabled, coming soon…). */
  status?: { label: string; intent?: Intent };
  /** Control at the top right beside the status (e.g. the business card switch). */
  control?: ReactNode;
  disabled?: boolean;
  testId: string;
  children?: ReactNode;
  footer?: ReactNode;
}

/** The common frame of a deploy option: icon, title, description, state, then its own body and actions. */
export function DeployCard({
  icon,
  title,
  description,
  status,
  control,
  disabled,
  testId,
  children,
  footer,
}: DeployCardProps) {
  return (
    <Card className={`deploy-card ${disabled ? 'is-disabled' : ''}`} data-testid={testId} aria-disabled={disabled}>
      <div className="deploy-card-head">
        <span className="deploy-card-icon">
          <Icon icon={icon} size={20} />
        </span>
        <div className="deploy-card-title">
          <H4>{title}</H4>
          <p className={Classes.TEXT_MUTED}>{description}</p>
        </div>
        <div className="deploy-card-state">
          {status && (
            <Tag minimal round intent={status.intent ?? Intent.NONE}>
              {status.label}
            </Tag>
          )}
          {control}
        </div>
      </div>
      {children && <div className="deploy-card-body">{children}</div>}
      {footer && <div className="deploy-card-footer">{footer}</div>}
    </Card>
  );
}
