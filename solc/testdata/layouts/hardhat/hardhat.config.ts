import { HardhatUserConfig } from "hardhat/config";

const config: HardhatUserConfig = {
  solidity: {
    compilers: [
      { version: "0.4.26" },
      { version: "0.8.37", settings: { optimizer: { enabled: true, runs: 1 } } }, // the 0.8 files
    ],
  },
  paths: { sources: "./contracts" },
};

export default config;
