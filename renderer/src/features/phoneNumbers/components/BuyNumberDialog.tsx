import {
  Button,
  Callout,
  Classes,
  ControlGroup,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Tag,
} from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { areaCodeSchema, type AvailableNumber } from '@contracts/phone-numbers.ts';
import { NUMBER_RESULTS_SHOWN, type CountryOption } from '@contracts/phone.ts';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { useBuyNumberMutation, useNumberSearchQuery } from '../api/numbers.ts';
import { formatInternational } from '../format.ts';
import { AddressPicker } from './AddressPicker.tsx';

export interface BuyNumberDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The country grid: 3 countries in the numbers area, 12 on Deploy. */
  countries: readonly CountryOption[];
  /** Assign the bought number to this agent. */
  agentId?: string;
  /** Admins: buy for this user (shown as `forUserLabel`). */
  forUserId?: string;
  forUserLabel?: string;
  /** Why buying is not possible (the one-number rule, Twilio not configured), or null. */
  blockedReason: string | null;
  onBought?: (phoneNumber: string) => void;
}

/**
 * 'Buy a Number': a country grid, then the first five numbers with a
 * locality (area code search), each with its Buy action; a spinner on the row being bought, then
 * the lists refresh and the dialog closes. Numbers whose country requires an address are bought with
 * one of the owner's addresses, picked above the results.
 */
export function BuyNumberDialog(props: BuyNumberDialogProps) {
  const { t } = useTranslation();
  const [country, setCountry] = useState<CountryOption | null>(null);
  const close = () => {
    setCountry(null);
    props.onClose();
  };
  return (
    <Dialog
      isOpen={props.isOpen}
      onClose={close}
      title={t('numbers:buy.title')}
      style={{ width: 760, maxWidth: '95vw' }}
      data-testid="buy-number-dialog"
    >
      <DialogBody>
        {props.forUserLabel && <p>{t('numbers:buy.forUser', { user: props.forUserLabel })}</p>}
        {props.blockedReason && (
          <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="buy-blocked">
            {props.blockedReason}
          </Callout>
        )}
        {country ? (
          <CountryResults {...props} country={country} onBack={() => setCountry(null)} onDone={close} />
        ) : (
          <CountryGrid countries={props.countries} onPick={setCountry} />
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('numbers:buy.close')} onClick={close} />} />
    </Dialog>
  );
}

function CountryGrid({
  countries,
  onPick,
}: {
  countries: readonly CountryOption[];
  onPick: (c: CountryOption) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className={Classes.TEXT_MUTED}>{t('numbers:buy.subtitle')}</p>
      <div className="numbers-country-grid">
        {countries.map((c) => (
          <Button
            key={c.code}
            large
            alignText="left"
            data-testid={`country-${c.code}`}
            onClick={() => onPick(c)}
            text={
              <span>
                <span aria-hidden="true">{c.flag}</span> {c.name}{' '}
                <span className={Classes.TEXT_MUTED}>+{c.areaCode}</span>
              </span>
            }
          />
        ))}
      </div>
    </>
  );
}

function CountryResults(
  props: BuyNumberDialogProps & { country: CountryOption; onBack: () => void; onDone: () => void },
) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [areaCode, setAreaCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const search = useNumberSearchQuery(props.country.code, areaCode);
  const buy = useBuyNumberMutation();
  const [buying, setBuying] = useState<string | null>(null);
  const [addressSid, setAddressSid] = useState('');
  const needsAddress = (n: AvailableNumber) => n.addressRequirements !== 'none';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    const valid = value === '' || areaCodeSchema.safeParse(value).success;
    setInvalid(!valid);
    if (valid) setAreaCode(value);
  };
  const purchase = (number: AvailableNumber) => {
    setBuying(number.phoneNumber);
    buy.mutate(
      {
        phoneNumber: number.phoneNumber,
        countryCode: props.country.code,
        ...(props.agentId ? { agentId: props.agentId } : {}),
        ...(needsAddress(number) && addressSid ? { addressSid } : {}),
        ...(props.forUserId ? { forUserId: props.forUserId } : {}),
      },
      {
        onSuccess: () => {
          toastSuccess(t('numbers:buy.bought', { number: formatInternational(number.phoneNumber) }));
          props.onBought?.(number.phoneNumber);
          props.onDone();
        },
        onError: (error) => toastError(toAppError(error), t),
        onSettled: () => setBuying(null),
      },
    );
  };

  return (
    <>
      <div className="numbers-search-bar">
        <Button icon="arrow-left" minimal text={t('numbers:buy.countries')} onClick={props.onBack} />
        <strong>
          {props.country.flag} {props.country.name}
        </strong>
        <form onSubmit={submit}>
          <ControlGroup>
            <InputGroup
              aria-label={t('numbers:buy.areaCode')}
              placeholder={t('numbers:buy.areaCode')}
              value={typed}
              onValueChange={setTyped}
              intent={invalid ? Intent.DANGER : Intent.NONE}
              inputMode="numeric"
            />
            <Button type="submit" icon="search" text={t('numbers:buy.search')} />
          </ControlGroup>
        </form>
      </div>
      {invalid && <p className={Classes.INTENT_DANGER}>{t('numbers:buy.areaCodeInvalid')}</p>}
      <QueryState
        query={search}
        loading={<SkeletonLines count={5} />}
        isEmpty={(numbers) => numbers.length === 0}
        empty={<NonIdealState icon="phone" title={t('numbers:buy.empty')} description={t('numbers:buy.emptyHint')} />}
      >
        {(numbers) => (
          <>
            <p className={Classes.TEXT_MUTED}>{t('numbers:buy.shown', { count: NUMBER_RESULTS_SHOWN })}</p>
            {numbers.some(needsAddress) && <AddressPicker value={addressSid} onChange={setAddressSid} />}
            <HTMLTable compact striped className="numbers-results">
              <thead>
                <tr>
                  <th>{t('numbers:buy.columns.number')}</th>
                  <th>{t('numbers:buy.columns.locality')}</th>
                  <th>{t('numbers:buy.columns.address')}</th>
                  <th>{t('numbers:buy.columns.capabilities')}</th>
                  <th aria-label={t('numbers:buy.action')} />
                </tr>
              </thead>
              <tbody>
                {numbers.map((n) => (
                  <tr key={n.phoneNumber} data-testid="available-number" data-number={n.phoneNumber}>
                    <td>{formatInternational(n.phoneNumber)}</td>
                    <td>{n.locality}</td>
                    <td>{t(`numbers:buy.address.${n.addressRequirements}`)}</td>
                    <td>
                      {(['voice', 'sms', 'mms'] as const).map((cap) => (
                        <Tag key={cap} minimal intent={n.capabilities[cap] ? Intent.SUCCESS : Intent.NONE}>
                          {n.capabilities[cap] ? '✓' : '✗'} {t(`numbers:buy.${cap}`)}
                        </Tag>
                      ))}
                    </td>
                    <td>
                      <Button
                        intent={Intent.PRIMARY}
                        text={t('numbers:buy.action')}
                        loading={buying === n.phoneNumber}
                        disabled={
                          props.blockedReason !== null ||
                          (buying !== null && buying !== n.phoneNumber) ||
                          (needsAddress(n) && addressSid === '')
                        }
                        onClick={() => purchase(n)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        )}
      </QueryState>
    </>
  );
}
