// Read by Foresight as a literal (never run): the compiler and optimizer
// settings of the solidity entry.
module.exports = {
  solidity: {
    version: "0.8.37",
    settings: { optimizer: { enabled: true, runs: 200 } },
  },
};
