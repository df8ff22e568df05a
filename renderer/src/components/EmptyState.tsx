import { NonIdealState, type IconName } from '@blueprintjs/core';
import type { ReactElement, ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: IconName;
  title: ReactNode;
  description?: ReactNode;
  /** What the user can do about it, e.g. a "Create agent" button: an empty state always offers a way on. */
  action?: ReactElement;
}

/** The empty state of a list or page: Blueprint's NonIdealState with an optional action. */
export function EmptyState({ icon = 'inbox', title, description, action }: EmptyStateProps) {
  return <NonIdealState icon={icon} title={title} description={description} {...(action ? { action } : {})} />;
}
