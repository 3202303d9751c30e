export default [
 ["grouping", `SELECT b, d, grouping(b) g, count() FROM (SELECT number % 3 AS b, intDiv(number, 5) AS d FROM numbers(10)) GROUP BY GROUPING SETS ((b, d), (d)) ORDER BY g, d, b`],
];
