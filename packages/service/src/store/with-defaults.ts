/** `T` with the keys `K` made optional: the repository fills them in when absent (see ./repository). */
export type WithDefaults<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
