import { Card, Classes, H3, Icon, Intent, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** One summary figure: a label, the value (what tests read), a line of detail and the trend. */
export function StatCard(props: {
  icon: IconName;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  /** The change against the previous period, as the SQL computed it. */
  trend?: { value: number; text: string };
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
      {props.trend && (
        <div
          className={`${Classes.TEXT_SMALL} insights-trend`}
          data-testid={`${props.testId}-trend`}
          data-trend={props.trend.value}
        >
          <Icon
            icon={props.trend.value > 0 ? 'trending-up' : props.trend.value < 0 ? 'trending-down' : 'minus'}
            size={12}
            intent={props.trend.value > 0 ? Intent.SUCCESS : props.trend.value < 0 ? Intent.DANGER : Intent.NONE}
          />{' '}
          {props.trend.text}
        </div>
      )}
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
