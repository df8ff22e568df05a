// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCEMENT_LIMITS } from '@contracts/field-limits.ts';
import { createI18n } from '../../../i18n/index.ts';
import { AnnouncementForm } from './AnnouncementForm.tsx';

afterEach(cleanup);

function renderForm(onPublish = vi.fn<(a: { subject: string; body: string }) => Promise<unknown>>()) {
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <AnnouncementForm publishing={false} onPublish={onPublish} />
    </I18nextProvider>,
  );
  return onPublish;
}

const publishButton = () => screen.getAllByRole('button', { name: 'Publish' })[0] as HTMLButtonElement;

describe('AnnouncementForm', () => {
  it('keeps Publish disabled until both fields have text', () => {
    renderForm();
    expect(publishButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Voice calls' } });
    expect(publishButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Now live.' } });
    expect(publishButton().disabled).toBe(false);
  });

  it('the subject and the message stop at the limits publish_announcement enforces, with their counters', () => {
    renderForm();
    const subject = screen.getByLabelText('Subject') as HTMLInputElement;
    fireEvent.change(subject, { target: { value: 'x'.repeat(ANNOUNCEMENT_LIMITS.subject + 1) } });
    expect(subject.value).toHaveLength(ANNOUNCEMENT_LIMITS.subject);
    expect(screen.getByTestId('announcement-subject-counter-count').textContent).toBe('150 / 150');
    expect(screen.getByTestId('announcement-subject-counter-full').textContent).toBe(
      'Limit reached: 150 characters at most.',
    );
    expect(screen.getByTestId('announcement-body-counter-count').textContent).toBe('0 / 5,000');
  });

  it('publishes the trimmed text only after the confirmation, then clears the form', async () => {
    const onPublish = renderForm(vi.fn().mockResolvedValue(3));
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: '  Voice calls ' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Now live.\n' } });
    fireEvent.click(publishButton());
    expect(onPublish).not.toHaveBeenCalled();
    expect(
      screen.getByText('Email “Voice calls” to every owner with feature announcements on? This cannot be undone.'),
    ).toBeTruthy();
    const confirm = screen.getAllByRole('button', { name: 'Publish' }).at(-1)!;
    fireEvent.click(confirm);
    expect(onPublish).toHaveBeenCalledWith({ subject: 'Voice calls', body: 'Now live.' });
    await waitFor(() => expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe(''));
  });

  it('cancelling the confirmation publishes nothing; a failure keeps the text', async () => {
    const onPublish = renderForm(vi.fn().mockRejectedValue(new Error('denied')));
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Voice calls' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Now live.' } });
    fireEvent.click(publishButton());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onPublish).not.toHaveBeenCalled();
    fireEvent.click(publishButton());
    fireEvent.click(screen.getAllByRole('button', { name: 'Publish' }).at(-1)!);
    expect(onPublish).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Voice calls');
  });
});
