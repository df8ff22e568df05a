import { countryFlag } from '../../admin/numbers/countryFlag.ts';
import { formatInternational } from '../format.ts';

/** A number as the console shows it: the country's flag and the international format. */
export function NumberLabel({ phoneNumber, countryCode }: { phoneNumber: string; countryCode: string | null }) {
  return (
    <span data-testid="number-label" data-number={phoneNumber}>
      <span aria-hidden="true">{countryFlag(countryCode)}</span> {formatInternational(phoneNumber)}
    </span>
  );
}
