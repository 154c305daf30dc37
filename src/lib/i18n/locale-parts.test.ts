import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/motivation.json';
import { parsePartNamespace, partNamespace, partPaths, pickPart, withLocaleParts } from './locale-parts';

describe('locale parts', () => {
  it('names a part and reads the name back', () => {
    expect(partNamespace('motivation', 'streak.week')).toBe('motivation@streak.week');
    expect(parsePartNamespace('motivation@streak.week')).toEqual({
      namespace: 'motivation',
      path: 'streak.week',
    });
    expect(parsePartNamespace('motivation')).toBeUndefined();
  });

  it('picks a subtree under its parents’ keys, or nothing', () => {
    const tree = { a: { b: { c: 'x' }, d: 'y' } };
    expect(pickPart(tree, 'a.b')).toEqual({ a: { b: { c: 'x' } } });
    expect(pickPart(tree, 'a.z')).toEqual({});
    expect(pickPart(tree, 'a.d.e')).toEqual({});
  });

  it('splits challenges per top-level key and motivation per streak band only', () => {
    expect(partPaths('challenges', { card: {}, pushup_20: {} })).toEqual(['card', 'pushup_20']);
    expect(partPaths('motivation', en)).toEqual(Object.keys(en.streak).map((band) => `streak.${band}`));
    expect(partPaths('home', { title: 'x' })).toEqual([]);
  });

  it('adds every part to resources given up front, keeping the whole namespaces', () => {
    const resources = withLocaleParts({ en: { motivation: en, home: { title: 'Home' } } });
    expect(resources.en?.motivation).toBe(en);
    expect(resources.en?.['motivation@streak.week']).toEqual({ streak: { week: en.streak.week } });
    expect(Object.keys(resources.en ?? {})).not.toContain('motivation@login.messages');
  });
});
