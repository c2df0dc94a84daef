module.exports = {
  solidity: { version: "0.8.37", settings: { optimizer: { enabled: true, runs: 200 } } },
};
