import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CALL_STATUSES, callStatusColour, type CallStatus } from '@contracts/phone.ts';
import { CALL_STATUS_LABEL } from '../labels.ts';

const intentOf = { green: Intent.SUCCESS, red: Intent.DANGER, yellow: Intent.WARNING } as const;

function isCallStatus(status: string): status is CallStatus {
  return (CALL_STATUSES as readonly string[]).includes(status);
}

/** A call's status in its colour: green completed, red failed, yellow any other (busy, unanswered…). */
export function CallStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = isCallStatus(status);
  const colour = known ? callStatusColour(status) : 'yellow';
  return (
    <Tag intent={intentOf[colour]} minimal data-status-colour={colour}>
      {known ? t(CALL_STATUS_LABEL[status]) : status}
    </Tag>
  );
}
