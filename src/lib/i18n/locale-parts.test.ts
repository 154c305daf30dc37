import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/motivation.json';
import challenges from '../../../locales/en/challenges.json';
import {
  parsePartNamespace,
  partFile,
  partNamespace,
  partPaths,
  pickPart,
  pickParts,
  withLocaleParts,
} from './locale-parts';

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

  it('ships the challenge entries in eight group files and the card in its own', () => {
    const entries = partPaths('challenges', challenges).filter((path) => path !== 'card');
    expect(partFile('challenges', 'card')).toBe('card');
    const files = new Set(entries.map((path) => partFile('challenges', path)));
    expect([...files].every((file) => /^group-[0-7]$/.test(file))).toBe(true);
    expect(files.size).toBe(8);
    // Stable: the same entry lands in the same file, whatever else the catalogue holds.
    expect(partFile('challenges', 'pushup_20')).toBe(partFile('challenges', 'pushup_20'));
    expect(partFile('motivation', 'streak.week')).toBe('streak.week');
  });

  it('merges several parts of one file under their parents’ keys', () => {
    const tree = { streak: { week: { 0: 'a' }, month: { 0: 'b' } }, login: { x: 'c' } };
    expect(pickParts(tree, ['streak.week', 'streak.month'])).toEqual({
      streak: { week: { 0: 'a' }, month: { 0: 'b' } },
    });
    expect(pickParts(tree, ['streak.week', 'nope'])).toEqual({ streak: { week: { 0: 'a' } } });
  });
});
