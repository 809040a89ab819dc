// PRODUCT.md "Company pages": /companies, A–Z with a sector filter (being built).
export default function Companies() {
  return <h1>Companies</h1>;
}
