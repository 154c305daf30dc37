import Dexie from 'dexie';
import { newRxError } from 'rxdb';
import { describe, expect, it } from 'vitest';
import { isQuotaExceeded } from './quota-error';

const domQuota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

describe('isQuotaExceeded', () => {
  it('recognises the quota however IndexedDB, Dexie and RxDB wrap it', () => {
    expect(isQuotaExceeded(domQuota())).toBe(true);
    // Dexie maps a failed request's DOMException to its own class…
    expect(isQuotaExceeded(new Dexie.QuotaExceededError('write failed', domQuota()))).toBe(true);
    // …and an aborted transaction to AbortError with the cause inside.
    expect(isQuotaExceeded(new Dexie.AbortError(domQuota()))).toBe(true);
    // bulkPut / bulkAdd: one failure per document.
    expect(isQuotaExceeded(new Dexie.BulkError('1 of 2 failed', { 1: domQuota() }))).toBe(true);
    // RxDB's own wrapper around a storage error.
    expect(isQuotaExceeded(newRxError('SNH', { error: new Dexie.AbortError(domQuota()) }))).toBe(true);
    expect(isQuotaExceeded(new Error('wrapped', { cause: domQuota() }))).toBe(true);
  });

  it('does not take other failures for a full disk', () => {
    expect(isQuotaExceeded(new Dexie.AbortError('aborted by the app'))).toBe(false);
    expect(isQuotaExceeded(new Dexie.ConstraintError('key already exists'))).toBe(false);
    expect(isQuotaExceeded(new Dexie.BulkError('taken', { 0: new Dexie.ConstraintError('x') }))).toBe(false);
    expect(isQuotaExceeded(new Error('QuotaExceededError in the message only'))).toBe(false);
    expect(isQuotaExceeded(null)).toBe(false);
    expect(isQuotaExceeded('QuotaExceededError')).toBe(false);
  });
});
