/** Id of the <script type="application/json"> that carries the router's loader data to the browser. */
export const HYDRATION_DATA_ID = "__router_data";
