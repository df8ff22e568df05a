import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import { ADDRESS_LIMITS, addressInputSchema, type AddressInput } from '@contracts/phone-numbers.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedInput } from '../../../components/LimitedText.tsx';

const FIELDS = ['customerName', 'street', 'city', 'region', 'postalCode', 'isoCountry', 'friendlyName'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = {
  customerName: '',
  street: '',
  city: '',
  region: '',
  postalCode: '',
  isoCountry: '',
  friendlyName: '',
};

/** The add-address form, validated with the function's own schema before it is sent. */
export function AddressDialog(props: {
  isOpen: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (input: AddressInput) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, friendlyName: values.friendlyName.trim() || undefined };
    const parsed = addressInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] = t(field === 'isoCountry' ? 'numbers:addresses.countryInvalid' : 'numbers:addresses.required');
      }
      setErrors(found);
      return;
    }
    setErrors({});
    props.onSave(input);
  };
  return (
    <Dialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      onClosed={() => {
        setValues(EMPTY);
        setErrors({});
      }}
      title={t('numbers:addresses.add')}
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <div className="numbers-form-grid">
            {FIELDS.map((field) => (
              <FormGroup
                key={field}
                label={t(`numbers:addresses.fields.${field}`)}
                labelFor={`address-${field}`}
                intent={errors[field] ? Intent.DANGER : Intent.NONE}
                helperText={errors[field]}
              >
                <LimitedInput
                  id={`address-${field}`}
                  value={values[field]}
                  max={ADDRESS_LIMITS[field]}
                  intent={errors[field] ? Intent.DANGER : Intent.NONE}
                  onValueChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
                />
              </FormGroup>
            ))}
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('numbers:addresses.cancel')} onClick={props.onClose} />
              <Button type="submit" intent={Intent.PRIMARY} loading={props.saving} text={t('numbers:addresses.save')} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
