/** The extra groups the create-installation bench seeds, each with a working connection. */
export const benchGroupRef = (index: number) => `bench-g${String(index).padStart(6, '0')}`;
