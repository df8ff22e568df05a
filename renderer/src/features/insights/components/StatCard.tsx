import { Card, Classes, H3, Icon, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** One summary figure: a label, the value (what tests read) and a line of detail. */
export function StatCard(props: {
  icon: IconName;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  testId: string;
}) {
  return (
    <Card className="insights-card" data-testid={props.testId}>
      <div className={`insights-card-label ${Classes.TEXT_MUTED}`}>
        <Icon icon={props.icon} size={14} /> {props.label}
      </div>
      <H3 className="insights-card-value" data-testid={`${props.testId}-value`}>
        {props.value}
      </H3>
      {props.detail !== undefined && <div className={Classes.TEXT_SMALL}>{props.detail}</div>}
    </Card>
  );
}

export function StatCardSkeletons({ count }: { count: number }) {
  return (
    <div className="insights-cards" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className={`insights-card ${Classes.SKELETON}`}>
          &nbsp;
        </Card>
      ))}
    </div>
  );
}
