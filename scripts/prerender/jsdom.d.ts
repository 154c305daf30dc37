// The part of jsdom's API the prerender uses (the package ships no types, and @types/jsdom is not installed).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
    serialize(): string;
  }
}
