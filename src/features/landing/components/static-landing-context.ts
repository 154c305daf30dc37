import { createContext } from 'react';

/**
 * True while the landing page is rendered at build time into the static `/` (src/boot). Parts that depend on
 * the visitor's browser (the install button) then render their markup hidden, for the page's small script to
 * show, instead of deciding on the server.
 */
export const StaticLandingContext = createContext(false);
