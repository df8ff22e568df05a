import { AnchorButton, Callout, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLinkClickHandler } from 'react-router-dom';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { useAddressesQuery } from '../api/resources.ts';

const ADDRESSES_PATH = '/twilio-numbers/addresses';

export interface AddressPickerProps {
  /** The chosen Address SID, '' for none. */
  value: string;
  onChange: (sid: string) => void;
}

/**
 * Picks one of the owner's Twilio addresses for numbers whose country requires one (Twilio refuses
 * such a purchase without an AddressSid), with a link to add one on the Addresses page.
 */
export function AddressPicker({ value, onChange }: AddressPickerProps) {
  const { t } = useTranslation();
  const addresses = useAddressesQuery(true);
  const goToAddresses = useLinkClickHandler<HTMLElement>(ADDRESSES_PATH);
  const addLink = (
    <AnchorButton
      minimal
      icon="plus"
      href={ADDRESSES_PATH}
      onClick={goToAddresses}
      text={t('numbers:buy.addressPick.add')}
      data-testid="buy-add-address"
    />
  );
  return (
    <Callout intent={Intent.PRIMARY} icon="map-marker" data-testid="buy-address">
      <p>{t('numbers:buy.addressPick.hint')}</p>
      <QueryState
        query={addresses}
        loading={<SkeletonLines count={1} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <p>
            {t('numbers:buy.addressPick.empty')} {addLink}
          </p>
        }
      >
        {(list) => (
          <FormGroup label={t('numbers:buy.addressPick.label')} labelFor="buy-address-select" inline>
            <HTMLSelect id="buy-address-select" value={value} onChange={(event) => onChange(event.currentTarget.value)}>
              <option value="">{t('numbers:buy.addressPick.placeholder')}</option>
              {list.map((a) => (
                <option key={a.sid} value={a.sid}>
                  {[a.friendlyName ?? a.customerName, a.street, a.city, a.isoCountry].join(', ')}
                </option>
              ))}
            </HTMLSelect>
            {addLink}
          </FormGroup>
        )}
      </QueryState>
    </Callout>
  );
}
