const percentFormat = new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 1 });
const signedPercentFormat = new Intl.NumberFormat(undefined, {
  style: "percent",
  maximumFractionDigits: 1,
  signDisplay: "exceptZero",
});

/** A share (0.123) as the reader's percent ("12.3%"). */
export const formatPercent = (share: number): string => percentFormat.format(share);

/** A change (lift) with its sign, so a drop is not read as a gain ("+4.2%", "−3%"). */
export const formatSignedPercent = (change: number): string => signedPercentFormat.format(change);
