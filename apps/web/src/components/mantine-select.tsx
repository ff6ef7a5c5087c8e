import { Select } from "@mantine/core";

/** Mantine's Select on its own, so `LazySelect` can load it (and its floating layer) on demand. */
export default Select;
