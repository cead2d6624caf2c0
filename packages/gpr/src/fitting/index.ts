// Travel-time fitting (issue #5): exact bistatic finite-radius model, picks, robust least squares.
export * from './bistatic-cylinder';
export * from './direct-wave';
export * from './fit-candidate';
export * from './fit-hyperbola';
export * from './levenberg-marquardt';
export * from './pick-limbs';
export * from './surface-coupling';
export * from './synthetic-bscan';
