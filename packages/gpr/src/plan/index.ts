export * from './area-plan';
