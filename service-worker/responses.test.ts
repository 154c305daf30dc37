import { describe, expect, it } from 'vitest';
import { isQueuedAnswer, QUEUED_HEADER } from './protocol';
import { queuedResponse, settledResponse } from './responses';

describe('queuedResponse', () => {
  it('is a 202 with the queued header and { queued: true, id }', async () => {
    const response = queuedResponse('entry-1');
    expect(response.status).toBe(202);
    expect(response.headers.get(QUEUED_HEADER)).toBe('1');
    expect(response.headers.get('content-type')).toBe('application/json');
    const body: unknown = await response.json();
    expect(body).toEqual({ queued: true, id: 'entry-1' });
    expect(isQueuedAnswer(body)).toBe(true);
  });

  it('isQueuedAnswer rejects anything else', () => {
    for (const value of [null, [], { queued: true }, { queued: 'yes', id: 'x' }, { id: 'x' }, 'queued']) {
      expect(isQueuedAnswer(value)).toBe(false);
    }
  });
});

describe('settledResponse', () => {
  it("passes the server's status, body and content type through", async () => {
    const response = settledResponse({
      status: 400,
      body: '{"code":"SPG01"}',
      contentType: 'application/json',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get(QUEUED_HEADER)).toBeNull();
    expect(await response.text()).toBe('{"code":"SPG01"}');
  });

  it('sends no body with a 204', async () => {
    const response = settledResponse({ status: 204, body: '', contentType: null });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });
});
