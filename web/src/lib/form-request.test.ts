import { zodResolver } from '@hookform/resolvers/zod';
import { ZForgotPasswordRequest } from '@stagepass/contract/auth';
import { createFormControl } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, genericErrorMessage } from './api-client';
import { handleFormRequest, readFailureMessage } from './form-request';
import { toast } from './toast';

vi.mock('./toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), message: vi.fn() } }));

// The form hook's own control, without React: handleSubmit and the errors work the same.
const createForm = (email: string) =>
  createFormControl({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email } });
const refusal = new ApiError({ message: 'Too many attempts.', code: 'RATE_LIMITED', status: 429 });

beforeEach(() => vi.mocked(toast.error).mockClear());

describe('handleFormRequest', () => {
  it('sends nothing while the schema refuses the values, and says why under the field', async () => {
    const form = createForm('');
    const send = vi.fn();
    await handleFormRequest(form, { send, onSuccess: vi.fn() })();
    expect(send).not.toHaveBeenCalled();
    expect(form.getErrors('email')?.message).toBe('Email address is required!');
  });

  it('sends the parsed values and hands the answer on', async () => {
    const form = createForm('  Mwila@Example.COM ');
    const onSuccess = vi.fn();
    await handleFormRequest(form, { send: async ({ email }) => `sent to ${email}`, onSuccess })();
    expect(onSuccess).toHaveBeenCalledWith('sent to mwila@example.com', { email: 'mwila@example.com' });
  });

  it("puts a refusal in the form's notice and toasts the generic message", async () => {
    const form = createForm('mwila@example.com');
    await handleFormRequest(form, { send: () => Promise.reject(refusal), onSuccess: vi.fn() })();
    expect(form.getErrors('root')?.message).toBe('Too many attempts.');
    expect(toast.error).toHaveBeenCalledWith(genericErrorMessage);
  });

  it('puts a refusal under the field it is given, without a toast', async () => {
    const form = createForm('mwila@example.com');
    const send = () => Promise.reject(refusal);
    await handleFormRequest(form, { send, onSuccess: vi.fn(), failureAt: 'email' })();
    expect(form.getErrors('email')?.message).toBe('Too many attempts.');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('leaves a failure to onFailure when the form has one', async () => {
    const form = createForm('mwila@example.com');
    const onFailure = vi.fn();
    await handleFormRequest(form, { send: () => Promise.reject(refusal), onSuccess: vi.fn(), onFailure })();
    expect(onFailure).toHaveBeenCalledWith(refusal);
    expect(form.getErrors('root')).toBeUndefined();
  });
});

describe('readFailureMessage', () => {
  it("reads our API's message, and says the generic one for anything else", () => {
    expect(readFailureMessage(refusal)).toBe('Too many attempts.');
    expect(readFailureMessage(new TypeError('Failed to fetch'))).toBe(genericErrorMessage);
  });
});
